import { toast } from './toast.ts';

/** Copies an invite link to the clipboard, and says whether it could. */
export async function copyInviteLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Invite link copied');
  } catch {
    toast.error('Could not copy: select the link and copy it yourself');
  }
}
