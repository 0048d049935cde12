import { cva } from 'class-variance-authority';

/*
 * The class recipe alone, without the component: the brand's BETA mark in the top bar (entry
 * bundle) uses it without pulling in `cn` (tailwind-merge); the Badge component (badge.tsx) wraps it.
 */
export const badgeVariants = cva('inline-flex items-center rounded-full border px-2.5 py-0.5 font-semibold', {
  variants: {
    variant: {
      default: 'border-transparent bg-primary text-primary-foreground',
      secondary: 'border-transparent bg-secondary text-secondary-foreground',
      outline: 'border-border text-foreground',
      success: 'border-transparent bg-success text-success-foreground',
      warning: 'border-transparent bg-warning text-warning-foreground',
      destructive: 'border-transparent bg-destructive text-destructive-foreground',
    },
    // `xs` is the brand's BETA mark.
    size: { default: 'text-xs', xs: 'text-[0.65rem]' },
  },
  defaultVariants: { variant: 'default', size: 'default' },
});
