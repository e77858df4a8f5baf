import { Module } from '@nestjs/common';
import { AgentInstructionsHandler } from './agent-instructions.handler';
import { AgentInstructionsService } from './agent-instructions.service';

@Module({ controllers: [AgentInstructionsHandler], providers: [AgentInstructionsService] })
export class AgentInstructionsModule {}
