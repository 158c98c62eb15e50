// The settings page: health, the gateway and database in use, and an optional browser-held gateway key.
import { PageTitle } from '@/components/ui/page-title';
import { GatewayStatus } from '@/components/shell/gateway-status';
import { BrowserKeyForm } from '@/components/settings/browser-key-form';

export default function SettingsPage() {
  return (
    <div data-testid="page-settings">
      <PageTitle title="Settings">Where requests go, and what this playground is connected to.</PageTitle>
      <GatewayStatus />
      <BrowserKeyForm />
    </div>
  );
}
