import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import './fail-on-console.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
