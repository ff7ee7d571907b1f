export { Alert, Button, Checkbox, PageSkeleton, SelectField, Skeleton, Spinner, TextAreaField, TextField } from './controls';
export type { AlertKind, ButtonProps, CheckboxProps, SelectFieldProps, TextAreaFieldProps, TextFieldProps } from './controls';
export { Dialog, Popover, type DialogProps, type PopoverProps } from './overlays';
export { AlertIcon, BellIcon, HelpIcon, LogoMark, LogoutIcon } from './icons';
export { LanguageSwitch } from './language-switch';
export { NotFoundPage } from './not-found-page';
export { CodeEditor, type CodeEditorProps } from './code-editor';
export { ActionRow } from './layout';
export { useDebounced } from './use-debounced';
