import { toast as sonner, type ExternalToast } from 'sonner';

/**
 * The app's toasts (one at a time, 5 s each). A new toast replaces whatever is still
 * showing, so that several in a row never queue up behind each other.
 */
export const toast = {
  /** Takes away whatever toast is showing, when what it said no longer holds. */
  dismiss: () => sonner.dismiss(),
  success: (title: string, options?: ExternalToast) => {
    sonner.dismiss();
    return sonner.success(title, options);
  },
  error: (title: string, options?: ExternalToast) => {
    sonner.dismiss();
    return sonner.error(title, options);
  },
};
