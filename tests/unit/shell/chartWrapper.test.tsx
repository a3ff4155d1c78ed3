// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChartWrapper } from '../../../src/components/chart/ChartWrapper';
import { echarts } from '../../../src/components/chart/echartsSetup';

const option = {
  xAxis: { type: 'category', data: ['一月', '二月', '三月'] },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', data: [3, 5, 2] }],
};

describe('chart wrapper', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({
      matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined,
      addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(cleanup);

  it('draws the option as SVG in the theme colour and disposes the chart with the component', async () => {
    const { unmount } = render(<ChartWrapper option={option} height={240} data-testid="chart" />);
    const container = screen.getByTestId('chart');
    expect(container.style.height).toBe('240px');
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    const instance = echarts.getInstanceByDom(container)!;
    const applied = instance.getOption() as { color: string[] };
    expect(applied.color[0].toLowerCase()).toBe('#1677ff');
    unmount();
    expect(echarts.getInstanceByDom(container)).toBeUndefined();
  });

  it('keeps a palette the option brings', async () => {
    render(<ChartWrapper option={{ ...option, color: ['#ff0000'] }} data-testid="chart" />);
    const container = screen.getByTestId('chart');
    await waitFor(() => expect(echarts.getInstanceByDom(container)).toBeDefined());
    expect((echarts.getInstanceByDom(container)!.getOption() as { color: string[] }).color).toEqual(['#ff0000']);
  });
});
