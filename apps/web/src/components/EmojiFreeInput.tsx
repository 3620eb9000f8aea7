import { Input, type InputProps } from 'antd';
import type { ChangeEvent } from 'react';
import { stripEmoji } from './form-rules.ts';

/** A text input with the clear-emoji behaviour of 000 §5: emoji never reach the form value. */
export function EmojiFreeInput({ onChange, ...props }: InputProps) {
  const handle = (event: ChangeEvent<HTMLInputElement>) => {
    const clean = stripEmoji(event.target.value);
    if (clean !== event.target.value) event.target.value = clean;
    onChange?.(event);
  };
  return <Input {...props} onChange={handle} />;
}
