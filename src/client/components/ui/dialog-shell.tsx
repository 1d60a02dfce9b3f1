import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';

/** A controlled dialog's open state and its setter, as every dialog component takes them. */
export interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The frame most dialogs share: an open/close-controlled dialog whose header holds a title and an
 * optional description (the accessible name and description of the dialog), then the body.
 * `aboveTitle` puts a badge or a progress line above the title, inside the header.
 */
export function DialogShell({
  open,
  onOpenChange,
  title,
  description,
  aboveTitle,
  className,
  headerClassName,
  titleClassName,
  titleTestId,
  testId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  aboveTitle?: ReactNode;
  className?: string;
  headerClassName?: string;
  titleClassName?: string;
  titleTestId?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className} data-testid={testId}>
        <DialogHeader className={headerClassName}>
          {aboveTitle}
          <DialogTitle className={titleClassName} data-testid={titleTestId}>
            {title}
          </DialogTitle>
          {description !== undefined && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
