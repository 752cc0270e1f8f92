// USB over IP (usbManageTab): the constants both halves share. A hub is a USB server on the
// tenant's network with a fixed number of ports; a device (a bank's U盾, a software dongle) sits
// in one port and is mounted to one cloud host at a time.
export const USB_HUB_PORT_COUNTS = [4, 8, 16, 32] as const;
export const USB_DEVICE_TYPES = ['ukey', 'dongle', 'printer', 'storage', 'other'] as const;
/** The port USB-over-IP servers listen on unless told otherwise. */
export const USB_DEFAULT_SERVICE_PORT = 7575;
/** vendor:product as lsusb prints it, four hex digits each. */
export const USB_ID_PATTERN = /^[0-9a-f]{4}:[0-9a-f]{4}$/;
/** Serial numbers: letters, digits and dashes, 4-32. */
export const USB_SERIAL_PATTERN = /^[A-Za-z0-9-]{4,32}$/;
