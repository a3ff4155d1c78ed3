import { FireOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../request';
import type { HotKeyword } from './knowledgeTypes';
import styles from './knowledge.module.css';

/** 热门搜索: the unit's most searched keywords of the last 30 days; a click searches for one. */
export function HotKeywords({ onPick }: { onPick: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [keywords, setKeywords] = useState<HotKeyword[] | null>(null);
  useEffect(() => {
    let current = true;
    request.get<HotKeyword[]>('/get/knowledge/getHotKeywordList', { limit: 10 }, { quiet: true })
      .then((a) => { if (current) setKeywords(a.data); }, () => { if (current) setKeywords([]); });
    return () => { current = false; };
  }, []);
  return (
    <div className={styles.hot} data-testid="knowledge-hot-keywords">
      <Typography.Text type="secondary"><FireOutlined /> {t('knowledge.home.hotKeywords')}:</Typography.Text>
      {keywords && keywords.length === 0 && <Typography.Text type="secondary">{t('knowledge.home.noHotKeywords')}</Typography.Text>}
      {(keywords ?? []).map((k, i) => (
        <Tag key={k.keyword} color={i < 3 ? 'volcano' : undefined} className={styles.hotTag} onClick={() => onPick(k.keyword)}>
          {k.keyword} <span className={styles.meta}>{k.count}</span>
        </Tag>
      ))}
    </div>
  );
}
