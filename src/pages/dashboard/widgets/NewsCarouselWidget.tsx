import { Carousel, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { choiceSetting, integerSetting } from '../../../../runtime/core/portal';
import { NewsCover } from '../../info/NewsCover';
import { newsViewPath } from '../../info/infoTypes';
import styles from '../../info/info.module.css';
import type { DeskWidgetProps } from './DeskWidgetProps';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

interface DeskPicture { newsId: string; title: string; cover: string; publishTime: string }

/** Room the desk's card keeps for its title bar and padding around the pictures. */
const CARD_CHROME = 90;

/**
 * 图片新闻: the desk pictures of published news (getDeskNewsPictures) turning in a carousel; a
 * click opens the item. The portal cell's `count` and `newsType` go to the server as they are.
 */
export function NewsCarouselWidget({ widget }: DeskWidgetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = integerSetting('newsCarousel', widget.settings, 'count');
  const newsType = choiceSetting('newsCarousel', widget.settings, 'newsType', 'dictionary');
  const { state, reload } = useWidgetData<DeskPicture[]>('/get/info/getDeskNewsPictures', { count, ...(newsType ? { newsType } : {}) });
  if (state.status !== 'ready') return <WidgetStatus state={state} onRetry={reload} />;
  if (state.data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('info.desk.noPictures')} />;
  const height = Math.max(160, (widget.height ?? 300) - CARD_CHROME);
  return (
    <div data-testid="news-carousel">
      <Carousel autoplay autoplaySpeed={5000}>
        {state.data.map((picture) => (
          <div key={picture.newsId}>
            <div className={styles.carouselSlide} onClick={() => navigate(newsViewPath(picture.newsId))} data-testid={`desk-picture-${picture.newsId}`}>
              <NewsCover attachId={picture.cover} alt={picture.title} height={height} />
              <div className={styles.carouselCaption}>{picture.title}</div>
            </div>
          </div>
        ))}
      </Carousel>
    </div>
  );
}
