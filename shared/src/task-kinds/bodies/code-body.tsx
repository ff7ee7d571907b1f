import { useState } from 'react';
import { useT } from '../texts';
import { Button, CodeEditor } from '@academy/shared/ui';
import type { BodyProps } from '../body-props';
import { Terminal } from '../terminal';

export function CodeBody({ task, locked, busy, onSubmit }: BodyProps) {
  const t = useT();
  const [code, setCode] = useState(task.answer ?? task.placeholder ?? '');
  const outcomes = Array.isArray(task.result) ? task.result : null;
  return (
    <div className="code-task">
      <CodeEditor
        value={code}
        onChange={setCode}
        language={task.codeLang ?? 'javascript'}
        readOnly={locked}
        label={t('task.code')}
      />
      {!locked && (
        <Button onClick={() => onSubmit({ solution: code })} disabled={code.trim() === ''} busy={busy}>
          {busy ? t('task.checking') : t('task.check')}
        </Button>
      )}
      {outcomes && <Terminal outcomes={outcomes} />}
    </div>
  );
}
