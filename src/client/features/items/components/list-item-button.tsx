import { Plus } from 'lucide-react';
import { Button, type ButtonProps } from '@client/components/ui/button';

/**
 * 'List Item' in the navigation bar (spec §2). The items issue wires it to the listing form;
 * until then it renders the action without opening anything.
 */
export function ListItemButton(props: ButtonProps) {
  return (
    <Button {...props}>
      <Plus aria-hidden="true" />
      List Item
    </Button>
  );
}
