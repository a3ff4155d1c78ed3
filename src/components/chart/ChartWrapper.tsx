import { Spin, theme } from 'antd';
import { useEffect, useRef, type CSSProperties } from 'react';
import { RESIZE_DEBOUNCE_MS } from '../../../runtime/core/constants';
import { colorShades } from '../../../runtime/core/theme';
import { debounce } from './debounce';
import { echarts, type EChartsCoreOption } from './echartsSetup';

export interface ChartWrapperProps {
  option: EChartsCoreOption;
  /** Height of the chart; width follows the container. */
  height?: number | string;
  loading?: boolean;
  style?: CSSProperties;
  className?: string;
  /** Replace the previous option instead of merging into it. */
  notMerge?: boolean;
  'data-testid'?: string;
}

/** The theme colour's shades as the series palette, unless the option brings its own. */
function palette(primary: string): string[] {
  const { base, light, dark } = colorShades(primary);
  return [base, dark[3], light[3], dark[6], light[6], dark[1], light[1]];
}

/**
 * An echarts chart that follows its container's size (resizes debounced by 16 ms, spec §9) and the
 * theme colour, and is disposed with the component.
 */
export function ChartWrapper({ option, height = 300, loading = false, style, className, notMerge = true, 'data-testid': testId }: ChartWrapperProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);
  const { token } = theme.useToken();

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const instance = echarts.init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    const resize = debounce(() => { if (!instance.isDisposed()) instance.resize(); }, RESIZE_DEBOUNCE_MS);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => resize());
    observer?.observe(element);
    window.addEventListener('resize', resize);
    return () => {
      resize.cancel();
      observer?.disconnect();
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const withPalette = (option as { color?: unknown }).color ? option : { color: palette(token.colorPrimary), ...option };
    chart.current?.setOption(withPalette, notMerge);
  }, [option, notMerge, token.colorPrimary]);

  return (
    <Spin spinning={loading}>
      <div ref={container} className={className} data-testid={testId} style={{ width: '100%', height, ...style }} />
    </Spin>
  );
}
