-- A checkout's delivery as one value: collected at a PAXI point at a speed, or brought by a courier with a service to an address.
UPDATE "checkouts" SET "snapshot" = ("snapshot" - 'deliveryOption' - 'pickupPoint' - 'courier') || jsonb_build_object('delivery',
  CASE WHEN "snapshot" ? 'courier' THEN jsonb_build_object(
      'method', 'courier',
      'provider', "snapshot"->'courier'->'provider',
      'serviceLevel', "snapshot"->'courier'->'serviceLevel',
      'address', "snapshot"->'courier'->'address')
    ELSE jsonb_build_object(
      'method', 'paxi',
      'speed', CASE "snapshot"->>'deliveryOption' WHEN 'paxi_express' THEN 'paxi-express' ELSE 'paxi-standard' END,
      'point', "snapshot"->'pickupPoint')
  END)
WHERE "snapshot" ? 'deliveryOption';
