import { Checkbox } from 'antd';
import { Link } from 'react-router-dom';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../../../runtime/react';

/** Where a user sets up their own signature: the 我的签名 card of the personal page. */
export const MY_SIGNATURE_PATH = '/personal/info#signature';

export interface SignatureHook {
  /** The control offering to put the user's handwritten signature on the decision, or a link to set one up when they have none. */
  control: ReactNode;
  /** Whether the decision carries the signature (completeTask `sign: 1`). */
  signed: boolean;
}

/**
 * The handwritten signature on a decision (docs/WORKFLOW.md › Handwritten signature): offered
 * when getMyBpmSign finds the user's image (uploaded by uploadBpmSign), checked by default;
 * completeTask then records it on the audit row. Without one, a link leads to 我的签名, where the
 * user uploads their own.
 */
export function useSignatureHook(): SignatureHook {
  const { t } = useTranslation();
  const { request } = useRuntime();
  // null while getMyBpmSign is asked, so the link does not flash before the checkbox.
  const [hasImage, setHasImage] = useState<boolean | null>(null);
  const [apply, setApply] = useState(true);
  useEffect(() => {
    void request.get<{ attachId: string | null }>('/get/bpm/getMyBpmSign', {}, { quiet: true })
      .then((answer) => setHasImage(Boolean(answer.data.attachId))).catch(() => setHasImage(false));
  }, [request]);
  return {
    control: hasImage === null ? null : hasImage
      ? <Checkbox checked={apply} onChange={(e) => setApply(e.target.checked)} data-testid="task-signature">{t('bpmCentre.task.applySignature')}</Checkbox>
      : <Link to={MY_SIGNATURE_PATH} data-testid="task-signature-setup">{t('bpmCentre.task.setUpSignature')}</Link>,
    signed: hasImage === true && apply,
  };
}
