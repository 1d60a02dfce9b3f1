import type { LucideIcon } from 'lucide-react';
import { type ReactNode, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '@client/components/ui/button';

/**
 * A button that opens a dialog loaded on first use: the dialog (often a lazy component) is not
 * rendered until the first click, then stays mounted so that it can animate closed.
 */
export function DialogButton({
  icon: Icon,
  label,
  variant,
  size,
  className,
  testId,
  dialog,
}: {
  icon: LucideIcon;
  label: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  testId: string;
  dialog: (state: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        data-testid={testId}
      >
        <Icon aria-hidden="true" />
        {label}
      </Button>
      {opened ? <Suspense fallback={null}>{dialog({ open, onOpenChange: setOpen })}</Suspense> : null}
    </>
  );
}
