import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Toasts live outside React: none carries over to the next test.
  toast.dismiss();
  localStorage.clear();
});
