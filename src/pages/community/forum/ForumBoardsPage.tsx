import { Card, Col, Empty, Row, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { request } from '../../../request';
import type { Board } from './forumTypes';

/** 讨论区: the boards, in their sort order; a board opens its posts. */
export function ForumBoardsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [boards, setBoards] = useState<Board[] | null>(null);
  useEffect(() => {
    request.get<{ list: Board[] }>('/get/info/getForumBoards')
      .then((a) => setBoards(a.data.list), () => setBoards([]));
  }, []);
  if (boards === null) return <Spin />;
  if (boards.length === 0) return <Empty />;
  return (
    <Card title={t('community.forum.title')} data-testid="forum-boards">
      <Row gutter={[16, 16]}>
        {boards.map((b) => (
          <Col key={b.boardId} xs={24} md={12} xl={8}>
            <Card hoverable onClick={() => navigate(`/community/forum/board/${encodeURIComponent(b.boardId)}`)} data-testid={`forum-board-${b.boardId}`}>
              <Card.Meta title={b.name} description={(
                <>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44 }}>{b.description}</Typography.Paragraph>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('community.forum.moderators')}：{b.moderatorsName || t('community.forum.noModerators')}</Typography.Text>
                </>
              )} />
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
