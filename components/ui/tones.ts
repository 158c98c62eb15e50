// The colour of each tone (badges, chips): its own module so a chip does not bring the badges with it.

export type Tone = 'neutral' | 'accent' | 'info' | 'success' | 'warning' | 'caution' | 'danger';

export const TONE_CLASSES: Record<Tone, string> = {
  neutral: 'bg-subtle-soft text-subtle',
  accent: 'bg-accent-soft text-link',
  info: 'bg-info-soft text-info',
  success: 'bg-success-soft text-success',
  warning: 'bg-warning-soft text-warning',
  caution: 'bg-caution-soft text-caution',
  danger: 'bg-danger-soft text-danger',
};
