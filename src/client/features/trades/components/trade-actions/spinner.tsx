import { LoaderCircle } from 'lucide-react';

/** The icon a button shows while its action is on its way. */
export function Spinner() {
  return <LoaderCircle className="animate-spin" aria-hidden="true" />;
}
