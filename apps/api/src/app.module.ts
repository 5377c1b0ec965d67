import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AddressesModule } from './modules/addresses/addresses.module';
import { AuditModule } from './modules/audit/audit.module';
import { AccessGuard } from './common/access.guard';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AdminsModule } from './modules/admins/admins.module';
import { CatalogModule } from './modules/catalog/catalog.module';
import { AccessModule } from './modules/access/access.module';
import { HealthModule } from './modules/health/health.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { ContactModule } from './modules/contact/contact.module';
import { MailModule } from './modules/mail/mail.module';
import { SmsModule } from './modules/sms/sms.module';
import { RedisModule } from './modules/redis/redis.module';
import { CacheModule } from './modules/cache/cache.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { SeoModule } from './pages/seo.module';
import { StorageModule } from './modules/storage/storage.module';
import { UsersModule } from './modules/users/users.module';
import { CartModule } from './modules/cart/cart.module';
import { DashboardModule } from './views/dashboard.module';
import { FavouritesModule } from './modules/favourites/favourites.module';
import { ReviewsModule } from './modules/reviews/reviews.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { ReportsModule } from './modules/reports/reports.module';
import { ConversationsModule } from './modules/conversations/conversations.module';
import { SavedSearchesModule } from './modules/saved-searches/saved-searches.module';
import { OrdersModule } from './modules/orders/orders.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { MoneyModule } from './modules/money/money.module';
import { TransactionsModule } from './modules/transactions/transactions.module';
import { StartupModule } from './startup/startup.module';
import { FlowsModule } from './flows/flows.module';
import { RiskModule } from './modules/risk/risk.module';

@Module({
  imports: [
    ConfigModule,
    RedisModule,
    CacheModule,
    DatabaseModule,
    HealthModule,
    MetricsModule,
    JobsModule,
    MailModule,
    SmsModule,
    StorageModule,
    AccessModule,
    UsersModule,
    AdminsModule,
    CatalogModule,
    SeoModule,
    ContactModule,
    CartModule,
    MoneyModule,
    OrdersModule,
    PaymentsModule,
    TransactionsModule,
    DashboardModule,
    FavouritesModule,
    ReviewsModule,
    NotificationsModule,
    ReportsModule,
    ConversationsModule,
    SavedSearchesModule,
    AddressesModule,
    RiskModule,
    AuditModule,
    FlowsModule,
    StartupModule,
  ],
  providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
})
export class AppModule {}
