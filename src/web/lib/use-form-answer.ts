import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnsweredForm, FormAnswer } from '#shared/form-answer.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The answer the server rendered this page with, when it took this form itself (R-AUTH); read once. */
export function useFormAnswer(form: AnsweredForm): FormAnswer | undefined {
  const client = useQueryClient();
  const [answer] = useState(() => client.getQueryData<FormAnswer>(queryKeys.formAnswer));
  return answer?.form === form ? answer : undefined;
}
