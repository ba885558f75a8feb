/**
 * The signup wizard's nudge on the name (issue 35.5): the wizard names the place
 * (features/signup/slots.ts), the profile fills it with its scam-shield dialog, worded for
 * a signup. Loaded with the signup page (routes.tsx) and the signup modal (plugins.ts).
 */
import { ProfileTextNudgeSlot } from '../../features/profile';
import { NameNudgeSlot, type NameNudgeProps } from '../../features/signup/slots';

function NameNudge(props: NameNudgeProps) {
  return <ProfileTextNudgeSlot {...props} signup />;
}

NameNudgeSlot.fill(NameNudge);
