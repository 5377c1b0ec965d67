import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogAdminController } from './audit-log.admin.controller';
import { AuditLogService } from './audit-log.service';
import { AuditLog } from './entities/audit-log.entity';

/** The audit log's reading side (the back office's list); entries are written by common/audit.ts's audit(). */
@Module({
  imports: [TypeOrmModule.forFeature([AuditLog])],
  controllers: [AuditLogAdminController],
  providers: [AuditLogService],
})
export class AuditModule {}
