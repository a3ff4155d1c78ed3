import { Carousel } from 'antd';
import { useTranslation } from 'react-i18next';
import { sysImageUrl } from '../../config/sysImageUrl';

/** Banner height, px: about the sign-in card's, so the two sit level. */
const BANNER_HEIGHT = 460;

/** The configured sign-in banners (attachIds), turning every 5 s. */
export function LoginBanners({ banners }: { banners: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="login-banners" style={{ borderRadius: 12, overflow: 'hidden', boxShadow: '0 12px 40px rgba(0, 0, 0, 0.18)' }}>
      <Carousel autoplay autoplaySpeed={5000} dots={banners.length > 1}>
        {banners.map((attachId, index) => (
          <div key={attachId}>
            <img
              src={sysImageUrl(attachId)}
              alt={t('sysConfig.page.banner', { n: index + 1 })}
              style={{ display: 'block', width: '100%', height: BANNER_HEIGHT, objectFit: 'cover' }}
            />
          </div>
        ))}
      </Carousel>
    </div>
  );
}
