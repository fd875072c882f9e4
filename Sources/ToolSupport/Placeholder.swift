public enum ToolSupportPlaceholder {}
