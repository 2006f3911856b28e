import type { ReactNode } from 'react';
import SlDetails from '@shoelace-style/shoelace/dist/react/details/index.js';

export interface AccordionProps {
  summary: string;
  open?: boolean;
  onToggle?: (open: boolean) => void;
  disabled?: boolean;
  children?: ReactNode;
}

/** A collapsible panel; sl-details gives the keyboard handling and aria-expanded. */
export function Accordion({ summary, open, onToggle, disabled, children }: AccordionProps) {
  return (
    <SlDetails summary={summary} open={open} disabled={disabled} onSlShow={() => onToggle?.(true)} onSlHide={() => onToggle?.(false)}>
      {children}
    </SlDetails>
  );
}
