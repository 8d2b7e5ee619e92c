import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client';
import { router } from './router';
import { tema } from './theme';

dayjs.locale('es');

export function App() {
  return (
    <ConfigProvider locale={esES} theme={tema}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
