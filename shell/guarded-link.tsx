import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { mayLeave } from '../shared/widget/leave-guard';

/** The shell's own links: leaving a form with unsaved changes asks first, as widget links do. */
export function GuardedLink(props: ComponentProps<typeof Link>) {
  return (
    <Link
      {...props}
      onClick={(event) => {
        if (!mayLeave()) event.preventDefault();
      }}
    />
  );
}
