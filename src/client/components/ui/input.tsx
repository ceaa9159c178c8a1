import type { ComponentProps } from 'react';
import { inputClass, useFieldControl } from './field.tsx';

export function Input({ className = '', ...props }: ComponentProps<'input'>) {
  return <input className={`${inputClass} ${className}`} {...useFieldControl(props)} />;
}
