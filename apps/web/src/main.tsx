import '@mantine/core/styles.css';
import { MantineProvider, Title } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider>
        <Title>Kindling</Title>
      </MantineProvider>
    </StrictMode>,
  );
}
