import { PageTitle } from '@/components/ui/page-title';
import { GatewayStatus } from '@/components/shell/gateway-status';

export default function SettingsPage() {
  return (
    <div data-testid="page-settings">
      <PageTitle title="Settings">Where requests go, and what this playground is connected to.</PageTitle>
      <GatewayStatus />
    </div>
  );
}
