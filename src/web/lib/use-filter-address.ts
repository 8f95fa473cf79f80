import { useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * A list page whose filters live in its address (the catalogue, Manage Orders). Its filter form starts
 * from the address and is drawn anew, under `formKey`, when the address changes by other means (the back
 * button, a link), so its fields follow. Not after the page's own `show`: drawing the form anew then
 * dropped what was typed meanwhile and the focus (the field just left, or the select just used).
 */
export function useFilterAddress(address: string) {
  const navigate = useNavigate();
  const [own, setOwn] = useState<string | undefined>();
  const [drawn, setDrawn] = useState({ address, formKey: 0 });
  if (drawn.address !== address) {
    setDrawn({ address, formKey: address === own ? drawn.formKey : drawn.formKey + 1 });
    setOwn(undefined);
  }
  return {
    formKey: drawn.formKey,
    show(next: string) {
      if (next === address) return;
      setOwn(next);
      navigate(next);
    },
  };
}
