ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_channel_ck" CHECK ("outbox_messages"."channel" in ('email', 'sms'));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_type_ck" CHECK ("campaigns"."type" in ('email', 'sms'));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_status_ck" CHECK ("campaigns"."status" in ('draft', 'sending', 'scheduled', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_channel_ck" CHECK ("message_sends"."channel" in ('email', 'sms'));--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_status_ck" CHECK ("message_sends"."status" in ('pending', 'sending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_type_ck" CHECK ("message_templates"."type" in ('email', 'sms'));--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD CONSTRAINT "messaging_settings_winback_channel_ck" CHECK ("messaging_settings"."winback_channel" in ('email', 'sms'));