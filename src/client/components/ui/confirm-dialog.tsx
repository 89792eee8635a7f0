import { Button, buttonClasses } from './button.tsx';
import { Dialog, DialogClose } from './dialog.tsx';

/** A modal question with a confirm and a cancel button; Escape and the overlay cancel. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={props.title} description={props.description}>
      <div className="mt-6 flex justify-end gap-3">
        <DialogClose className={buttonClasses({ variant: 'secondary' })}>Cancel</DialogClose>
        <Button
          variant={props.destructive ? 'danger' : 'primary'}
          onClick={() => {
            props.onOpenChange(false);
            props.onConfirm();
          }}
        >
          {props.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
