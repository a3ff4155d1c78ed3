import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { addDays } from '../../seed/demoDays';
import type { DemoOrganisation } from '../ServerModule';

/** 车辆: the fleet, its drivers, fuel cards, dispatchers and repairs; the approved request gets a car and a driver. */
export async function seedFleetDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const entities = ctx.registry.entities;
  const fleet = demo.as('wangfang', 'fleet');
  const user = (account: string) => demo.userIds.get(account) ?? null;
  const vehicles: [string, string, string, number, string, string, number, string, string][] = [
    ['沪A·D3K58', '丰田 凯美瑞 2.5L', 'sedan', 5, '黑色', '2022-04-12', 68420, addDays(150), 'available'],
    ['沪A·F6M21', '别克 GL8 陆尊', 'mpv', 7, '银色', '2021-09-03', 112300, addDays(40), 'available'],
    ['沪B·52K07', '大众 帕萨特 330TSI', 'sedan', 5, '白色', '2019-06-20', 156800, addDays(-5), 'repairing'],
  ];
  const vehicleIds: string[] = [];
  for (const [plateNo, brandModel, vehicleType, seats, color, buyDate, mileage, insuranceExpire, status] of vehicles) {
    vehicleIds.push(await insertRow(ctx, entities.get('OfficeVehicleInfo')!, { plateNo, brandModel, vehicleType, seats, color, buyDate, mileage, insuranceExpire, status }, fleet));
  }
  const drivers: [string, string | null, string, string, string, string, string][] = [
    ['孙建国', null, '13916082231', 'A2', '310104197805121234', '2030-05-11', 'onDuty'],
    ['马骏', null, '13761540987', 'B2', '310115198511037856', '2028-11-02', 'onDuty'],
    ['徐明', 'xuming', '13800000011', 'C1', '310110199002144321', '2031-02-13', 'leave'],
  ];
  const driverIds: string[] = [];
  for (const [driverName, account, phone, licenceClass, licenceNo, licenceExpire, status] of drivers) {
    driverIds.push(await insertRow(ctx, entities.get('OfficeVehicleDriver')!, { driverName, userId: account ? user(account) : null, phone, licenceClass, licenceNo, licenceExpire, status }, fleet));
  }
  await insertRow(ctx, entities.get('OfficeVehicleOilCard')!, { cardNo: '1000113100012345678', company: 'sinopec', vehicle: vehicleIds[0], holder: user('wangfang'), balance: 3280.5, status: 'active' }, fleet);
  await insertRow(ctx, entities.get('OfficeVehicleOilCard')!, { cardNo: '9030000012876543', company: 'petrochina', vehicle: vehicleIds[1], holder: user('xuming'), balance: 860, status: 'active' }, fleet);
  await insertRow(ctx, entities.get('OfficeVehicleOperator')!, { operator: user('wangfang'), phone: '021-5080 1288', area: '总部及浦东片区用车', status: 'active' }, fleet);
  await insertRow(ctx, entities.get('OfficeVehicleOperator')!, { operator: user('xuming'), phone: '021-5080 1289', area: '浦西片区及长途用车', status: 'active' }, fleet);
  await insertRow(ctx, entities.get('OfficeVehicleRepair')!, {
    vehicle: vehicleIds[0], repairType: 'maintain', repairDate: addDays(-30), garage: '上海丰田浦东服务站', mileage: 65000, cost: 1260, content: '6.5 万公里常规保养：更换机油、机滤、空滤', handler: user('wangfang'),
  }, fleet);
  await insertRow(ctx, entities.get('OfficeVehicleRepair')!, {
    vehicle: vehicleIds[2], repairType: 'repair', repairDate: addDays(-2), garage: '上汽大众闵行特约维修站', mileage: 156800, cost: 4350, content: '变速箱顿挫，更换阀体并清洗油路', handler: user('xuming'),
  }, fleet);
  // The approved demo request (银行对账) was dispatched with the Camry and 孙建国.
  const applies = entities.get('OfficeVehicleApply')!;
  await ctx.database.db.updateTable(applies.table).set({ vehicle: vehicleIds[0], driver: driverIds[0] }).where('status', '=', 'approved').execute();
  await ctx.database.db.updateTable(applies.table).set({ vehicle: vehicleIds[1], driver: driverIds[1] }).where('status', '=', 'returned').execute();
}

/** 固定资产: the category tree, the ledger with its history, a request awaiting approval, one repair. */
export async function seedAssetDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const entities = ctx.registry.entities;
  const keeper = demo.as('huangqiang', 'admin');
  const user = (account: string) => demo.userIds.get(account) ?? null;
  const dept = (key: string) => demo.deptIds.get(key) ?? null;
  const sorts = entities.get('OfficeAssetSort')!;
  const office = await insertRow(ctx, sorts, { sortName: '办公设备', sortCode: '01', usefulYears: 5, sort: 1 }, keeper);
  const computers = await insertRow(ctx, sorts, { sortName: '计算机及外设', sortCode: '0101', parentId: office, usefulYears: 3, sort: 1 }, keeper);
  const furniture = await insertRow(ctx, sorts, { sortName: '办公家具', sortCode: '02', usefulYears: 8, sort: 2 }, keeper);
  const assets: [string, string, string, string, number, string, string, string, string | null, string | null][] = [
    ['ZC-2024-0001', '笔记本电脑', computers, 'ThinkPad X1 Carbon Gen 12', 12999, addDays(-300), 'A座 4 楼', 'inUse', 'lina', 'frontend'],
    ['ZC-2024-0002', '笔记本电脑', computers, 'MacBook Pro 14 M3', 14999, addDays(-280), 'A座 4 楼', 'inUse', 'liuyang', 'backend'],
    ['ZC-2024-0003', '激光打印机', office, 'HP LaserJet Pro M404dn', 2399, addDays(-200), 'A座 3 楼打印区', 'repairing', null, null],
    ['ZC-2025-0004', '显示器', computers, 'Dell U2723QE 27 英寸', 3299, addDays(-60), '行政部库房', 'inStock', null, null],
    ['ZC-2025-0005', '人体工学椅', furniture, '西昊 M57', 899, addDays(-60), '行政部库房', 'inStock', null, null],
  ];
  const log = entities.get('OfficeAssetLog')!;
  const ids: string[] = [];
  for (const [assetNo, assetName, assetSort, model, price, storageDate, location, status, account, deptKey] of assets) {
    const assetId = await insertRow(ctx, entities.get('OfficeAsset')!, {
      assetNo, assetName, assetSort, model, price, purchaseDate: storageDate, storageDate, location, status, useUser: account ? user(account) : null, useDept: deptKey ? dept(deptKey) : null,
    }, keeper);
    ids.push(assetId);
    await insertRow(ctx, log, { asset: assetId, assetNo, action: 'storage', content: `${assetNo} ${assetName} 入库，存放于 ${location}`, operator: user('huangqiang') }, keeper);
    if (account) await insertRow(ctx, log, { asset: assetId, assetNo, action: 'apply', content: `领用人：${account === 'lina' ? '李娜' : '刘洋'}`, operator: user('huangqiang') }, keeper);
  }
  await insertRow(ctx, entities.get('OfficeAssetRepair')!, { asset: ids[2], repairDate: addDays(-3), vendor: '惠普授权服务中心', cost: 380, content: '卡纸频繁，更换搓纸轮', status: 'repairing' }, keeper);
  await insertRow(ctx, log, { asset: ids[2], assetNo: 'ZC-2024-0003', action: 'repair', content: '惠普授权服务中心：卡纸频繁，更换搓纸轮', operator: user('huangqiang') }, keeper);
  await insertRow(ctx, entities.get('OfficeAssetApply')!, { asset: ids[3], applicant: user('zhoujie'), applyDept: dept('backend'), reason: '开发调试需要第二块显示器', status: 'applied' }, demo.as('zhoujie', 'backend'));
  await insertRow(ctx, entities.get('OfficeAssetApply')!, { asset: ids[4], applicant: user('chenjing'), applyDept: dept('finance'), reason: '原座椅损坏，申请更换', status: 'applied' }, demo.as('chenjing', 'finance'));
  await insertRow(ctx, entities.get('OfficeAssetAllocation')!, { asset: ids[1], toUser: user('liuyang'), toDept: dept('backend'), allocDate: addDays(-100), reason: '由前端组调入后端组' }, keeper);
  await insertRow(ctx, entities.get('OfficeAssetAllocation')!, { asset: ids[0], toUser: user('lina'), toDept: dept('frontend'), allocDate: addDays(-290), reason: '新员工配发' }, keeper);
  // Returned earlier by their previous users, since issued again (the ledger's current users above).
  await insertRow(ctx, entities.get('OfficeAssetRecovery')!, { asset: ids[1], recoverDate: addDays(-120), condition: 'good', reason: '前端组实习生离职归还' }, keeper);
  await insertRow(ctx, entities.get('OfficeAssetRecovery')!, { asset: ids[0], recoverDate: addDays(-295), condition: 'good', reason: '原使用人调岗归还，重新登记' }, keeper);
  await insertRow(ctx, entities.get('OfficeAssetRepair')!, { asset: ids[0], repairDate: addDays(-90), vendor: '联想官方服务站', cost: 0, content: '键盘按键失灵，保修期内免费更换键盘', status: 'done' }, keeper);
}
