// Types of the generated draft-07 meta-schema validator (ajv standalone).
export interface GeneratedValidationError {
  instancePath: string;
  message?: string;
}

export interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: GeneratedValidationError[] | null;
}

export const validate: GeneratedValidator;
export default validate;
