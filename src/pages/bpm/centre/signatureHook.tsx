import { Checkbox } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../../../runtime/react';

export interface SignatureHook {
  /** The control offering to put the user's handwritten signature on the decision, or null when they have none. */
  control: ReactNode;
  /** Whether the decision carries the signature (completeTask `sign: 1`). */
  signed: boolean;
}

/**
 * The handwritten signature on a decision (docs/WORKFLOW.md › Handwritten signature): offered
 * when getMyBpmSign finds the user's image (uploaded by uploadBpmSign), checked by default;
 * completeTask then records it on the audit row.
 */
export function useSignatureHook(): SignatureHook {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const [hasImage, setHasImage] = useState(false);
  const [apply, setApply] = useState(true);
  useEffect(() => {
    void request.get<{ attachId: string | null }>('/get/bpm/getMyBpmSign', {}, { quiet: true })
      .then((answer) => setHasImage(Boolean(answer.data.attachId))).catch(() => setHasImage(false));
  }, [request]);
  return {
    control: hasImage ? <Checkbox checked={apply} onChange={(e) => setApply(e.target.checked)} data-testid="task-signature">{t('bpmCentre.task.applySignature')}</Checkbox> : null,
    signed: hasImage && apply,
  };
}
