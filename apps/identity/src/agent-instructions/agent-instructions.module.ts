import { Module } from '@nestjs/common';
import { AgentInstructionsHandler } from './agent-instructions.handler';
import { AgentInstructionsRepository } from './agent-instructions.repository';
import { AgentInstructionsService } from './agent-instructions.service';

@Module({ controllers: [AgentInstructionsHandler], providers: [AgentInstructionsService, AgentInstructionsRepository] })
export class AgentInstructionsModule {}
