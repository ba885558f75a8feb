/**
 * The ban page's decision (issue 35.5): the appeal form names the place
 * (features/legal/slots.ts), the decisions fill it. Loaded with the ban page (routes.tsx).
 */
import { BanReasons } from '../../features/decisions';
import { BanReasonsSlot } from '../../features/legal/slots';

BanReasonsSlot.fill(BanReasons);
