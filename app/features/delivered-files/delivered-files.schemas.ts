import { z } from "zod";
import { SERVICE_TYPES, type ServiceType } from "~/domain/service-catalog";

export const ADD_DELIVERED_FILE_INTENT = "add-delivered-file";
export const REMOVE_DELIVERED_FILE_INTENT = "remove-delivered-file";

const service = z.enum(SERVICE_TYPES as [ServiceType, ...ServiceType[]]);

/** The admin's 'Add file' form; the file travels beside the fields as `file`. */
export const addDeliveredFileFormSchema = z.object({ intent: z.literal(ADD_DELIVERED_FILE_INTENT), service });

/** The confirmed removal of one delivered file. */
export const removeDeliveredFileFormSchema = z.object({
  intent: z.literal(REMOVE_DELIVERED_FILE_INTENT),
  fileId: z.uuid(),
});
