import type { CampaignType } from '../../../shared/campaigns';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

/** The Type field of campaigns and templates: email or SMS. */
export function ChannelSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: CampaignType;
  onChange: (type: CampaignType) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Type</Label>
      <Select value={value} onValueChange={(v) => onChange(v as CampaignType)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="email">Email</SelectItem>
          <SelectItem value="sms">SMS</SelectItem>
        </SelectContent>
      </Select>
    </div>
  );
}
