import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormAnswer } from '#shared/form-answer.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The answer the server rendered this page with, when it took the form itself (R-AUTH); read once. */
export function useFormAnswer(): FormAnswer | undefined {
  const client = useQueryClient();
  const [answer] = useState(() => client.getQueryData<FormAnswer>(queryKeys.formAnswer));
  return answer;
}
