'use client';
// The sections of the request form that start collapsed, loaded together by later-sections.ts.
export { ExtraFields } from './extra-fields';
export { SectionGateway } from './section-gateway';
export { SectionIdentity } from './section-identity';
export { SectionModelInput } from './section-model-input';
export { SectionOutput } from './section-output';
export { SectionReasoning } from './section-reasoning';
export { SectionSampling } from './section-sampling';
export { SectionState } from './section-state';
export { SectionTools } from './section-tools';
