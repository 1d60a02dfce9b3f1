CREATE INDEX "items_created_idx" ON "items" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reports_resolved_idx" ON "reports" USING btree ("resolved_at") WHERE "reports"."status" = 'resolved';--> statement-breakpoint
CREATE INDEX "rings_completed_idx" ON "rings" USING btree ("completed_at") WHERE "rings"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "trade_requests_completed_at_idx" ON "trade_requests" USING btree ("completed_at") WHERE "trade_requests"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");