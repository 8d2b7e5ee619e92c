import {
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CalculatorOutlined,
  ControlOutlined,
  CustomerServiceOutlined,
  DollarOutlined,
  FieldTimeOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  LineChartOutlined,
  LinkOutlined,
  PrinterOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SearchOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The icons a menu entry may name (IconMenu holds an antd icon name). An explicit list keeps the bundle from carrying
 * all of antd's icons; a module that needs another icon adds it here.
 */
const ICONOS: Record<string, ComponentType> = {
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CalculatorOutlined,
  ControlOutlined,
  CustomerServiceOutlined,
  DollarOutlined,
  FieldTimeOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  LineChartOutlined,
  LinkOutlined,
  PrinterOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SearchOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
};

export function MenuIcon({ nombre }: { nombre: string | null }) {
  const Icono = (nombre && ICONOS[nombre]) || AppstoreOutlined;
  return <Icono />;
}
