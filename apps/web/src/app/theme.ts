import type { ThemeConfig } from 'antd';

export const COLOR_MARCA = '#0f4c81';
export const COLOR_MENU = '#0c2a47';

export const tema: ThemeConfig = {
  token: {
    colorPrimary: '#1664b0',
    colorInfo: '#1664b0',
    borderRadius: 8,
    fontFamily: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    colorBgLayout: '#f3f5f9',
  },
  components: {
    Layout: { siderBg: COLOR_MENU, headerBg: '#ffffff', bodyBg: '#f3f5f9' },
    Menu: {
      darkItemBg: COLOR_MENU,
      darkSubMenuItemBg: '#0a233c',
      darkItemSelectedBg: '#1664b0',
      darkGroupTitleColor: 'rgba(255,255,255,0.45)',
      itemBorderRadius: 6,
    },
  },
};
