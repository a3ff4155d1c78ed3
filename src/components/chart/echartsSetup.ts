// Only the charts and components the suite uses: echarts/core keeps the rest out of the bundle
// (DESIGN §3). A screen needing another chart type registers it here.
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DatasetComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

// SVG: crisp at any zoom, prints well, and needs no canvas (so it also renders under test).
echarts.use([BarChart, LineChart, PieChart, DatasetComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent, SVGRenderer]);

export { echarts };
export type { EChartsCoreOption } from 'echarts/core';
