import { lazy, Suspense } from 'react';
import { Skeleton } from './controls';

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language: 'javascript' | 'typescript';
  readOnly?: boolean;
  /** accessible name of the editor */
  label: string;
  /** spec 1 §2: 500 px */
  height?: number;
  loadingLabel?: string;
}

const AceCodeEditor = lazy(() => import('./ace-editor'));

/** The code editor (react-ace), loaded lazily so only pages with code pay for it. */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<Skeleton height={props.height ?? 500} />}>
      <div className="code-editor" role="group" aria-label={props.label}>
        <AceCodeEditor {...props} />
      </div>
    </Suspense>
  );
}
