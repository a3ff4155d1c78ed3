import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DesignOperationError, type DesignOperation } from '../../core';
import type { ApplyOptions } from './DesignStore';
import { useDesignStore } from './useDesignState';

/**
 * Applies an operation; a refusal of the core (DesignOperationError, e.g. a tab dropped into a
 * grid, a field key taken) is shown as a message. Answers whether the change was made.
 */
export function useApply(): (operation: DesignOperation, options?: ApplyOptions) => boolean {
  const store = useDesignStore();
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useCallback((operation, options) => {
    try {
      store.apply(operation, options);
      return true;
    } catch (error) {
      if (!(error instanceof DesignOperationError)) throw error;
      void message.error(operationErrorText(t, error));
      return false;
    }
  }, [store, message, t]);
}

/** The refusal in the reader's language: the error's code is an i18n key, its params fill it. */
export function operationErrorText(t: (key: string, options?: Record<string, unknown>) => string, error: DesignOperationError): string {
  return t(error.code, { ...error.detail, defaultValue: error.message });
}
