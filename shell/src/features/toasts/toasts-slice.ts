import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { notify, type Notice } from '@academy/shared/api';

export interface Toast extends Notice {
  id: string;
}

/** Spec 1 §9: notifications go after 3 s, alerts after 5 s. */
export const NOTICE_TIMEOUT = 3000;
export const ALERT_TIMEOUT = 5000;

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    dismissToast: (state, action: PayloadAction<string>) => state.filter((toast) => toast.id !== action.payload),
  },
  extraReducers: (builder) => {
    builder.addCase(notify, (state, action) => {
      const toast = { timeout: NOTICE_TIMEOUT, ...action.payload, id: nanoid() };
      // the same text twice in a row is one toast
      const duplicate = state.find((t) => t.message === toast.message);
      if (duplicate)
        return state
          .filter((t) => t !== duplicate)
          .concat(toast)
          .slice(-4);
      return state.concat(toast).slice(-4);
    });
  },
});

export const { dismissToast } = toastsSlice.actions;
