/** Features that fill the layouts' slots (see slots.tsx). Imported once at start-up. */
import { SignupSlot } from '../features/signup/SignupSlot';
import { layoutSlots } from './slots';

layoutSlots.signupModal = SignupSlot;
